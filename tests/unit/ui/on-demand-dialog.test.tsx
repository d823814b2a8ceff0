import { useState } from 'react';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { OnDemandDialog, preloadDialog } from '../../../src/ui/OnDemandDialog';
import { renderAt } from '../features/auth/render';

function Host() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>Reject</button>
      <OnDemandDialog open={open} onClose={() => setOpen(false)} title="Reject this listing?" description="It will not be published."
        actions={<button type="button" onClick={() => setOpen(false)}>Cancel</button>} />
    </>
  );
}

describe('OnDemandDialog', () => {
  it('renders nothing while closed; opened, it is the dialog with its title and description', async () => {
    const { container } = renderAt(<OnDemandDialog open={false} onClose={() => {}} title="Hidden" />);
    expect(container.innerHTML).toBe('');
    expect(document.querySelector('[role="dialog"]')).toBeNull();

    renderAt(<Host />);
    fireEvent.click(screen.getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject this listing?' });
    expect(within(dialog).getByText('It will not be published.')).toBeTruthy();
  });

  it('closes from its own button and gives focus back to what opened it', async () => {
    preloadDialog();
    renderAt(<Host />);
    const opener = screen.getByRole('button', { name: 'Reject' });
    opener.focus();
    fireEvent.click(opener);
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });
});
