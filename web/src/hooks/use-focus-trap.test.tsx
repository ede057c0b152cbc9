import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';

import { useFocusTrap } from './use-focus-trap';

function Dialog({ onClose }: { onClose: () => void }) {
  const ref = useFocusTrap<HTMLDivElement>();
  return (
    <div ref={ref} role="dialog" aria-label="Porch">
      <input aria-label="Name" autoFocus />
      <button type="button" onClick={onClose}>
        Done
      </button>
    </div>
  );
}

function Page() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      {open ? <Dialog onClose={() => setOpen(false)} /> : null}
    </>
  );
}

describe('useFocusTrap', () => {
  it('wraps Tab inside the dialog both ways and gives focus back to the opener on close', () => {
    render(<Page />);
    const opener = screen.getByRole('button', { name: 'Open' });
    opener.focus();
    fireEvent.click(opener);
    const name = screen.getByRole('textbox', { name: 'Name' });
    const done = screen.getByRole('button', { name: 'Done' });
    done.focus();
    fireEvent.keyDown(done, { key: 'Tab' });
    expect(name).toHaveFocus();
    fireEvent.keyDown(name, { key: 'Tab', shiftKey: true });
    expect(done).toHaveFocus();
    fireEvent.click(done);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });
});
