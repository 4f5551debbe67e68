export function signInMethod(user: { hasPassword: boolean; hasGoogleAuth: boolean }): string {
  const methods = [user.hasPassword && 'Email & Password', user.hasGoogleAuth && 'Google OAuth'].filter(Boolean);
  return methods.join(', ') || 'Email & Password';
}
