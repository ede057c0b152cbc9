import { AccountDetails } from '@/features/account/components/account-details';

export function Component() {
  return <AccountDetails />;
}
