import { fireEvent } from '@testing-library/react';

/** Form helpers addressing inputs by their `name` (the stable hooks the e2e journeys use too). */
export function input(name: string): HTMLInputElement {
  const el = document.querySelector<HTMLInputElement>(`input[name="${name}"]`);
  if (!el) throw new Error(`no input named ${name}`);
  return el;
}

export function fill(name: string, value: string): void {
  fireEvent.change(input(name), { target: { value } });
}

export function submit(): void {
  const button = document.querySelector<HTMLButtonElement>('button[type="submit"]');
  if (!button) throw new Error('no submit button');
  fireEvent.click(button);
}

export function choosePharmacist(answer: 'yes' | 'no'): void {
  const radio = document.querySelector<HTMLInputElement>(`input[name="is_pharmacist"][value="${answer}"]`);
  if (!radio) throw new Error('no pharmacist radio');
  fireEvent.click(radio);
}

/** Fills the registration form validly: Anne Dupont, a pharmacist, terms accepted (not sent). */
export function fillValidRegistration(): void {
  fill('first_name', 'Anne');
  fill('last_name', 'Dupont');
  fill('email', 'anne@example.be');
  fill('password', 'long enough');
  fill('password_confirm', 'long enough');
  choosePharmacist('yes');
  fireEvent.click(input('accept_terms'));
}
