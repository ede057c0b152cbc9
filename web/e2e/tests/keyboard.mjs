// A whole visit with the keyboard only (no clicks): search, the 12 question cards, the drawer
// and the bug-report dialog (focus trapped, then given back), the chat with its streamed reply
// in a polite live region, and the admin's tabs and schedule dialog.
import assert from 'node:assert/strict';

import { signInAdmin } from '../lib/admin.mjs';
import { signInSharedUser } from '../lib/helpers.mjs';
import { assertTabStaysIn, describeFocus, hasFocus, tabTo } from '../lib/keyboard.mjs';

const ANALYSIS_TIMEOUT = 120_000;

async function searchAndOpenApple(page) {
  const box = page.getByRole('combobox', { name: /Search for a stock/ });
  await tabTo(page, box);
  await page.keyboard.type('apple', { delay: 40 });
  await page.getByRole('option').filter({ hasText: 'AAPL' }).waitFor();
  await page.keyboard.press('ArrowDown');
  assert.equal(await box.getAttribute('aria-expanded'), 'true');
  assert.ok(await box.getAttribute('aria-activedescendant'), 'the highlighted option is announced');
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/stock\/AAPL$/);
  await page.getByTestId('company-name').waitFor({ timeout: ANALYSIS_TIMEOUT });
}

/** Opens each of the 12 question cards with Tab and Enter, in page order. */
async function openEveryCard(page) {
  const toggles = page.locator('[data-testid="question-card"] h3 > button');
  assert.equal(await toggles.count(), 12);
  for (let i = 0; i < 12; i++) {
    const toggle = toggles.nth(i);
    await tabTo(page, toggle, { max: 120 });
    await page.keyboard.press('Enter');
    assert.equal(await toggle.getAttribute('aria-expanded'), 'true', `card ${i + 1} did not open with Enter`);
  }
}

async function drawerAndBugDialog(page) {
  const menu = page.getByRole('button', { name: 'Open navigation menu' });
  await tabTo(page, menu, { back: true, max: 300 });
  await page.keyboard.press('Enter');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.waitFor();
  assert.ok(await nav.evaluate((el) => el.contains(document.activeElement)), 'the drawer takes the focus');
  await assertTabStaysIn(page, nav, 20, 'drawer');

  const report = nav.getByRole('button', { name: 'Report Bug' });
  await tabTo(page, report, { max: 20 });
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Report a Bug' });
  await dialog.waitFor();
  assert.ok(await hasFocus(dialog.getByRole('textbox', { name: 'Email' })), `dialog opens on its first field, not ${await describeFocus(page)}`);
  await assertTabStaysIn(page, dialog, 12, 'bug-report dialog');
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
  assert.ok(await hasFocus(report), `closing the dialog returns focus to Report Bug, not ${await describeFocus(page)}`);
  await page.keyboard.press('Escape');
  await nav.waitFor({ state: 'detached' });
  assert.ok(await hasFocus(menu), `closing the drawer returns focus to the menu button, not ${await describeFocus(page)}`);
}

async function chatWithTheKeyboard(page) {
  const open = page.getByRole('button', { name: 'Chat with Ask Bubba' });
  await tabTo(page, open, { max: 300 });
  await page.keyboard.press('Enter');
  const panel = page.getByRole('region', { name: 'Ask Bubba about AAPL' });
  const input = panel.getByRole('textbox', { name: 'Message' });
  await input.waitFor();
  assert.ok(await hasFocus(input), `opening the chat focuses the message box, not ${await describeFocus(page)}`);
  await page.keyboard.type("what's the debt situation?");
  await page.keyboard.press('Enter');
  const messages = panel.getByTestId('chat-messages');
  assert.equal(await messages.getAttribute('aria-live'), 'polite', 'replies are announced politely');
  const reply = messages.locator('li[data-role="assistant"]').last();
  await reply.getByText(/of debt/).waitFor({ timeout: 60_000 });
  await page.waitForFunction(() => document.querySelector('[data-testid="chat-messages"]')?.getAttribute('aria-busy') !== 'true');
  await page.waitForFunction(() => document.activeElement?.getAttribute('aria-label') === 'Message');
  await page.keyboard.press('Escape');
  await panel.waitFor({ state: 'detached' });
  assert.ok(await hasFocus(open), `closing the chat returns focus to its button, not ${await describeFocus(page)}`);
}

export default [
  {
    name: 'keyboard only: search, 12 cards, drawer and dialog with trapped focus, chat with its polite streamed reply',
    async fn({ page, context, baseUrl, expectNoConsoleErrors }) {
      await signInSharedUser(context, baseUrl);
      await page.goto(`${baseUrl}/`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await searchAndOpenApple(page);
      await openEveryCard(page);
      await drawerAndBugDialog(page);
      await chatWithTheKeyboard(page);
      expectNoConsoleErrors();
    },
  },
  {
    name: 'keyboard only: admin tabs move with the arrow keys and the schedule dialog traps and returns focus',
    async fn({ page, context, baseUrl, dbPath, expectNoConsoleErrors }) {
      await signInAdmin({ context, baseUrl, dbPath });
      await page.goto(`${baseUrl}/admin/batch`);
      await page.getByRole('heading', { name: 'Admin Batch Analysis' }).waitFor();
      const manual = page.getByRole('tab', { name: 'Manual Analysis' });
      await tabTo(page, manual, { max: 120 });
      await page.keyboard.press('ArrowRight');
      const scheduled = page.getByRole('tab', { name: 'Scheduled Jobs' });
      assert.ok(await hasFocus(scheduled), 'ArrowRight moves to the next tab');
      assert.equal(await scheduled.getAttribute('aria-selected'), 'true');
      await page.keyboard.press('ArrowRight');
      assert.equal(await page.getByRole('tab', { name: 'Results History' }).getAttribute('aria-selected'), 'true');
      await page.keyboard.press('ArrowRight');
      assert.ok(await hasFocus(manual), 'the tabs wrap around');

      const newSchedule = page.getByRole('button', { name: 'New Schedule' });
      await tabTo(page, newSchedule, { back: true, max: 40 });
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: 'New Schedule' });
      await dialog.waitFor();
      assert.ok(await dialog.evaluate((el) => el.contains(document.activeElement)), 'the dialog takes the focus');
      await assertTabStaysIn(page, dialog, 40, 'schedule dialog');
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      assert.ok(await hasFocus(newSchedule), `closing returns focus to New Schedule, not ${await describeFocus(page)}`);

      await page.goto(`${baseUrl}/admin/trends`);
      const overview = page.getByRole('tab', { name: 'Overview' });
      await tabTo(page, overview, { max: 120 });
      await page.keyboard.press('ArrowRight');
      const changes = page.getByRole('tab', { name: 'All Changes' });
      assert.equal(await changes.getAttribute('aria-selected'), 'true');
      assert.ok(await hasFocus(changes), 'the selected tab keeps the focus');
      expectNoConsoleErrors();
    },
  },
];
