import { StaticPage } from '@/components/layout/static-page';
import { PRODUCT_NAME } from '@/config/constants';

export function Component() {
  return (
    <StaticPage title="Privacy Policy" subtitle="What I write down about you, and what I don't." backToAuth>
      <p>Short version: we keep what we need to run the place, we don't sell it, and you can ask us to delete it.</p>
      <h2>What we keep</h2>
      <ul>
        <li>
          <strong>Your account:</strong> your e-mail address (your username), a scrambled (hashed) version of your
          password, when you accepted the terms, and, for a young investor, the parent consent details you give us.
        </li>
        <li>
          <strong>A trial id:</strong> visitors without an account get a random id kept in this browser's local storage
          (<code>anonymous_session_id</code>), so we can count the free analyses.
        </li>
        <li>
          <strong>Usage:</strong> which stock pages were opened and how many chat queries were used, to enforce the limits
          and show what's trending (trending lists show counts only, never who).
        </li>
        <li>
          <strong>Bug reports:</strong> the e-mail, subject and description you send us.
        </li>
      </ul>
      <h2>What we don't do</h2>
      <ul>
        <li>We don't sell or rent your information to anybody.</li>
        <li>We don't run advertising trackers.</li>
        <li>{PRODUCT_NAME} never sees your brokerage accounts.</li>
      </ul>
      <h2>Cookies</h2>
      <p>One cookie keeps you signed in. That's the whole cookie jar.</p>
      <h2>Your choices</h2>
      <p>
        You can ask for a copy of your data or for your account to be deleted by sending a report from the menu's Report
        Bug form. Clearing your browser's storage removes the trial id.
      </p>
    </StaticPage>
  );
}
