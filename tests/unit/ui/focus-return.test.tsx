import { useState } from 'react';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useFocusReturn } from '../../../src/ui/useFocusReturn';

/** A stand-in for a dialog that takes focus when it opens and knows nothing of where it came from. */
function Host({ removeOpener = false }: { removeOpener?: boolean }) {
  const [open, setOpen] = useState(false);
  useFocusReturn(open);
  return (
    <>
      {!(removeOpener && open) && <button type="button" onClick={() => setOpen(true)}>Open</button>}
      {open && <input aria-label="Inside" autoFocus onKeyDown={(e) => e.key === 'Escape' && setOpen(false)} />}
    </>
  );
}

describe('useFocusReturn', () => {
  it('gives focus back to the opener when the dialog closes and left it on the body', async () => {
    render(<Host />);
    const opener = screen.getByRole('button', { name: 'Open' });
    opener.focus();
    fireEvent.click(opener);
    const inside = screen.getByRole('textbox', { name: 'Inside' });
    expect(document.activeElement).toBe(inside);
    fireEvent.keyDown(inside, { key: 'Escape' });
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it('leaves focus alone when the opener is gone, or when something else has it', async () => {
    const { unmount } = render(<Host removeOpener />);
    screen.getByRole('button', { name: 'Open' }).focus();
    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    fireEvent.keyDown(screen.getByRole('textbox'), { key: 'Escape' });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(document.activeElement).toBe(document.body);
    unmount();

    render(<><Host /><input aria-label="Elsewhere" /></>);
    const opener = screen.getByRole('button', { name: 'Open' });
    opener.focus();
    fireEvent.click(opener);
    const elsewhere = screen.getByRole('textbox', { name: 'Elsewhere' });
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'Inside' }), { key: 'Escape' });
    elsewhere.focus();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(document.activeElement).toBe(elsewhere);
  });
});
