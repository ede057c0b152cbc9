// Moving through a page with the keyboard only, and asking where the focus is.
import assert from 'node:assert/strict';

/** True when `locator`'s element has the focus. */
export const hasFocus = (locator) => locator.evaluate((el) => el === document.activeElement);

/** Presses Tab (or Shift+Tab) until `locator` has the focus; fails after `max` presses. */
export async function tabTo(page, locator, { max = 80, back = false } = {}) {
  await locator.waitFor();
  for (let i = 0; i < max; i++) {
    if (await hasFocus(locator)) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  assert.fail(`Tab never reached ${locator} in ${max} presses (focus on: ${await describeFocus(page)})`);
}

/** A short description of the focused element, for failure messages. */
export function describeFocus(page) {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return 'nothing (body)';
    return `${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 50)}"`;
  });
}

/** Presses Tab `presses` times and asserts the focus never leaves `container`. */
export async function assertTabStaysIn(page, container, presses, what) {
  for (let i = 0; i < presses; i++) {
    await page.keyboard.press(i % 3 === 2 ? 'Shift+Tab' : 'Tab');
    const inside = await container.evaluate((el) => el.contains(document.activeElement));
    assert.ok(inside, `focus left the ${what} after ${i + 1} presses (now on ${await describeFocus(page)})`);
  }
}
