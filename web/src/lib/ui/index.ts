// The building blocks screens are made of (ADR 018). Only React, react-intl and lib/router, lib/a11y:
// never Dexie, the search stream or a feature, so importing the kit stays cheap for any lazy page.
export { Dialog, type DialogProps } from './dialog';
export { EMAIL_INPUT, EmailField } from './email-field';
export { FormAlert } from './form-alert';
export { reportInvalid, schemaIssues, type Invalid, type SummaryIds } from './form-validation';
export { AlertIcon, BasketIcon, ClockIcon, PersonIcon, PharmacyIcon, ReloadIcon } from './icons';
export { LoadState, type LoadStateProps } from './load-state';
export { PageFrame } from './page-frame';
export { PasswordField } from './password-field';
export { Spinner } from './spinner';
export { StatusPage, type StatusLink, type StatusPageProps } from './status-page';
export { TextField, type TextFieldProps } from './text-field';
export { useFormError, type FormError } from './use-form-error';
export { YesNoChoice, type YesNoChoiceProps } from './yes-no-choice';
