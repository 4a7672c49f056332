import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { UpdatePrompt } from './update-prompt';
import { updateStore } from '../../lib/pwa/update-store';

describe('update prompt', () => {
  it('stays hidden until a new version waits, then reloads only when asked', () => {
    renderWithProviders(<UpdatePrompt />, { locale: 'en' });
    expect(screen.queryByTestId('update-prompt')).toBeNull();
    const apply = vi.fn();
    act(() => updateStore.setWaiting(apply));
    expect(screen.getByTestId('update-prompt').textContent).toContain('A new version of PharmaRadar is available.');
    expect(apply).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(apply).toHaveBeenCalledTimes(1);
    expect(screen.queryByTestId('update-prompt')).toBeNull();
  });

  it('can be put off with Later (fr)', () => {
    renderWithProviders(<UpdatePrompt />);
    const apply = vi.fn();
    act(() => updateStore.setWaiting(apply));
    expect(screen.getByRole('alert').textContent).toContain('Une nouvelle version de PharmaRadar est disponible.');
    fireEvent.click(screen.getByRole('button', { name: 'Plus tard' }));
    expect(screen.queryByTestId('update-prompt')).toBeNull();
    expect(apply).not.toHaveBeenCalled();
  });
});
