import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Dialog } from './dialog';

function Page({ closable = true }: { closable?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        open
      </button>
      {open ? (
        <Dialog labelledBy="t" describedBy="b" onClose={closable ? () => setOpen(false) : undefined} testId="dialog">
          <h2 id="t">Title</h2>
          <p id="b">Body</p>
          <input name="first" aria-label="first" />
          <button type="button">last</button>
        </Dialog>
      ) : null}
    </>
  );
}

async function openDialog(closable = true) {
  render(<Page closable={closable} />);
  const opener = screen.getByRole('button', { name: 'open' });
  opener.focus();
  fireEvent.click(opener);
  const dialog = await screen.findByRole('dialog', { name: 'Title' });
  await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'first' })));
  return { opener, dialog };
}

describe('Dialog', () => {
  it('is a labelled modal dialog that takes the focus and makes the page inert', async () => {
    const { opener, dialog } = await openDialog();
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(dialog.getAttribute('aria-describedby')).toBe('b');
    expect(opener.closest('[inert]')).not.toBeNull();
  });

  it('keeps Tab inside, both ways', async () => {
    await openDialog();
    const first = screen.getByRole('textbox', { name: 'first' });
    const last = screen.getByRole('button', { name: 'last' });
    last.focus();
    fireEvent.keyDown(document, { key: 'Tab' });
    expect(document.activeElement).toBe(first);
    fireEvent.keyDown(document, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(last);
  });

  it('closes on Escape and gives the focus back to the opener', async () => {
    const { opener } = await openDialog();
    fireEvent.keyDown(document, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByTestId('dialog')).toBeNull());
    expect(document.activeElement).toBe(opener);
    expect(opener.closest('[inert]')).toBeNull();
  });

  it('closes on a click on the backdrop, not inside', async () => {
    const { dialog } = await openDialog();
    // The <dialog> element covers the viewport and is the backdrop; the panel is its only child.
    const panel = screen.getByRole('heading', { name: 'Title' }).parentElement!;
    expect(panel.parentElement).toBe(dialog);
    fireEvent.mouseDown(panel);
    fireEvent.mouseDown(screen.getByText('Body'));
    expect(screen.getByTestId('dialog')).toBeTruthy();
    fireEvent.mouseDown(dialog);
    await waitFor(() => expect(screen.queryByTestId('dialog')).toBeNull());
  });

  it('stays open on Escape and backdrop clicks when it has no onClose (a blocking question)', async () => {
    const { dialog } = await openDialog(false);
    fireEvent.keyDown(document, { key: 'Escape' });
    fireEvent.mouseDown(dialog);
    expect(screen.getByTestId('dialog')).toBeTruthy();
    expect((dialog as HTMLDialogElement).open).toBe(true);
  });

  it('is a native <dialog> opened with showModal, so the browser owns the modal part', async () => {
    const { dialog } = await openDialog();
    expect(dialog).toBeInstanceOf(HTMLDialogElement);
    expect((dialog as HTMLDialogElement).open).toBe(true);
  });

  it('a blocking dialog the browser closes anyway (Escape pressed twice) is shown again', async () => {
    const { dialog } = await openDialog(false);
    (dialog as HTMLDialogElement).close();
    await waitFor(() => expect((dialog as HTMLDialogElement).open).toBe(true));
    expect(screen.getByTestId('dialog')).toBe(dialog);
  });

  it('a closable dialog the browser closes anyway tells its owner, which removes it', async () => {
    const { dialog, opener } = await openDialog();
    (dialog as HTMLDialogElement).close();
    await waitFor(() => expect(screen.queryByTestId('dialog')).toBeNull());
    expect(document.activeElement).toBe(opener);
  });
});
