import { StaticPage } from '@/components/layout/static-page';
import { ANONYMOUS_FREE_ANALYSES, DAILY_ANALYSES, FREE_CHAT_QUERIES, PRODUCT_NAME } from '@/config/constants';
import { paths } from '@/config/paths';

export function Component() {
  return (
    <StaticPage title="Terms and Conditions" subtitle="The house rules. Wipe your feet, mind the dog." backToAuth>
      <p>
        By using {PRODUCT_NAME} you agree to these terms. If you don't, that's fine, but please don't use the site.
      </p>
      <h2>1. Educational use only</h2>
      <p>
        Everything on {PRODUCT_NAME} is for education and entertainment. It is not financial, investment, tax or legal
        advice. See the <a href={paths.legalDisclaimer.getHref()}>Legal Disclaimer</a>.
      </p>
      <h2>2. Your account</h2>
      <ul>
        <li>Your username is your e-mail address. Keep your password to yourself.</li>
        <li>You must be 18 or older, or sign up with a parent's or guardian's consent.</li>
        <li>One person per account. Don't share it, sell it or let the neighbor's kid use it.</li>
      </ul>
      <h2>3. Fair use and limits</h2>
      <ul>
        <li>Visitors without an account get {ANONYMOUS_FREE_ANALYSES} free stock analyses.</li>
        <li>Signed-in users get up to {DAILY_ANALYSES} analyses a day.</li>
        <li>New accounts get {FREE_CHAT_QUERIES} free chat queries, once; more can be bought on the pricing page.</li>
        <li>No scraping, automated bulk requests or attempts to get around these limits.</li>
      </ul>
      <h2>4. No warranty</h2>
      <p>
        The site is provided as is. Data can be late or wrong and the site can be down. We don't promise otherwise, and
        we're not liable for losses from using it.
      </p>
      <h2>5. Changes</h2>
      <p>We may update these terms. If the change is big, we'll tell you on the site before it applies.</p>
    </StaticPage>
  );
}
