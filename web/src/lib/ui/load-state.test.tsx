import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { LoadState } from './load-state';
import { PageFrame } from './page-frame';

describe('LoadState', () => {
  it('says what is loading in a status line, next to a decorative spinner', () => {
    render(<LoadState state="loading" text="Chargement…" />);
    const status = screen.getByRole('status');
    expect(status.textContent).toContain('Chargement…');
    expect(status.querySelector('.spinner--sm')?.getAttribute('aria-hidden')).toBe('true');
  });

  it('announces the failure under its id and retries on the button', () => {
    const onRetry = vi.fn();
    render(
      <LoadState state="failed" errorId="x-error" text="Échec du chargement" retry={{ label: 'Réessayer', onRetry }} />,
    );
    const alert = screen.getByRole('alert');
    expect(alert.id).toBe('x-error');
    expect(alert.textContent).toBe('Échec du chargement');
    fireEvent.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('offers no button when the block cannot retry', () => {
    render(<LoadState state="failed" errorId="y-error" text="Échec" />);
    expect(screen.getByRole('alert').textContent).toBe('Échec');
    expect(screen.queryByRole('button')).toBeNull();
  });
});

describe('PageFrame', () => {
  it('draws the plain-page frame, narrow on demand, keeping the attributes it is given', () => {
    render(
      <>
        <PageFrame data-testid="wide" aria-busy="true" />
        <PageFrame narrow data-testid="narrow">
          <p>Texte</p>
        </PageFrame>
      </>,
    );
    expect(screen.getByTestId('wide').className).toBe('page-frame');
    expect(screen.getByTestId('wide').getAttribute('aria-busy')).toBe('true');
    expect(screen.getByTestId('narrow').className).toBe('page-frame page-frame--narrow');
    expect(screen.getByTestId('narrow').textContent).toBe('Texte');
  });
});
