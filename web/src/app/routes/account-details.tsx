import { AccessTokens } from '@/features/account/components/access-tokens';
import { AccountDetails } from '@/features/account/components/account-details';
import { AlertSettingsForm } from '@/features/watchlist/components/alert-settings';

export function Component() {
  return (
    <>
      <AccountDetails />
      <AlertSettingsForm />
      <AccessTokens />
    </>
  );
}
