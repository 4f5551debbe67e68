export function signInMethod(user: { hasPassword: boolean; hasGoogleAuth: boolean }): string {
  const methods = [user.hasPassword && 'Email & Password', user.hasGoogleAuth && 'Google OAuth'].filter(Boolean);
  // Verified by a code from another browser than its sign-up: it signs in again once it sets a password.
  return methods.join(', ') || 'No password yet';
}
