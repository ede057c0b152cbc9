import { ResetConfirmForm } from '@/features/password-reset/components/reset-confirm-form';

export function Component() {
  return <ResetConfirmForm />;
}
