import { NewsletterPage } from '@/features/admin-newsletter/components/newsletter-page';

export function Component() {
  return <NewsletterPage />;
}
