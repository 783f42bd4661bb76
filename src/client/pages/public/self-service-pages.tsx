import { EmailRequestPage } from './email-request-page';

// Three routes of the template (spec §2 "Public and account routes"); one honest form serves all.
export function RegisterPage() {
  return <EmailRequestPage title="register.title" subtitle="register.subtitle" />;
}

export function ForgotPasswordPage() {
  return <EmailRequestPage title="forgot.title" subtitle="forgot.subtitle" />;
}

export function ResetPasswordPage() {
  return <EmailRequestPage title="resetPassword.title" subtitle="resetPassword.subtitle" />;
}
