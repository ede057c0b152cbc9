import { ResetRequestForm } from '@/features/password-reset/components/reset-request-form';

export function Component() {
  return <ResetRequestForm />;
}
