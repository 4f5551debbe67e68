// Every email Printloom sends: subject, plain text and HTML. Codes sit in the subject too, so a phone
// shows them in the notification.
export type TemplateName =
  | 'verification-code'
  | 'password-reset-code'
  | 'welcome'
  | 'payment-failed'
  | 'support-message'
  | 'expiry-reminder'
  | 'account-deleted'
  | 'signup-attempt'
  | 'confirmation-code';

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

/** A link into the app: PUBLIC_URL may end with a slash or not, the path is joined exactly once. */
export const linkTo = (publicUrl: string, path: string) => new URL(path, publicUrl).toString();

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

function layout(title: string, bodyHtml: string): string {
  return `<!doctype html><html><body style="margin:0;background:#f4f4f5;font-family:Segoe UI,Helvetica,Arial,sans-serif;color:#18181b">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="480" cellpadding="0" cellspacing="0" style="background:#fff;border-radius:12px;padding:32px">
<tr><td><p style="margin:0 0 24px;font-weight:800;font-size:20px;color:#7c3aed">Printloom</p>
<h1 style="margin:0 0 16px;font-size:22px">${escapeHtml(title)}</h1>${bodyHtml}
<p style="margin:32px 0 0;font-size:12px;color:#71717a">You get this email because of an action on your Printloom account. If it wasn't you, you can ignore it.</p>
</td></tr></table></td></tr></table></body></html>`;
}

const codeBlock = (code: string) =>
  `<p style="font-size:32px;letter-spacing:8px;font-weight:800;margin:24px 0;font-family:Consolas,monospace">${escapeHtml(code)}</p>`;

export function renderEmail(template: TemplateName, data: Record<string, string>, publicUrl: string): RenderedEmail {
  switch (template) {
    case 'verification-code':
      return {
        subject: `Your Printloom code: ${data.code}`,
        text: `Welcome to Printloom!\n\nYour verification code is ${data.code}\n\nIt expires in 15 minutes.`,
        html: layout(
          'Verify your email',
          `<p>Enter this code to activate your account:</p>${codeBlock(data.code)}<p>It expires in 15 minutes.</p>`,
        ),
      };
    case 'password-reset-code':
      return {
        subject: `Your Printloom password reset code: ${data.code}`,
        text: `Someone asked to reset your Printloom password.\n\nYour reset code is ${data.code}\n\nIt expires in 15 minutes. If it wasn't you, ignore this email.`,
        html: layout(
          'Reset your password',
          `<p>Enter this code to choose a new password:</p>${codeBlock(data.code)}<p>It expires in 15 minutes.</p>`,
        ),
      };
    case 'confirmation-code':
      return {
        subject: `Your Printloom confirmation code: ${data.code}`,
        text: `Someone signed in to your Printloom account asked to download its data or delete it.\n\nYour confirmation code is ${data.code}\n\nIt expires in 15 minutes. If it wasn't you, do not share it, and write to support.`,
        html: layout(
          'Confirm it is you',
          `<p>Enter this code to download your data or delete your account:</p>${codeBlock(data.code)}<p>It expires in 15 minutes. If it wasn't you, do not share it.</p>`,
        ),
      };
    case 'welcome':
      return {
        subject: 'Welcome to Printloom: your 10 free credits are ready',
        text: `Your account is active and 10 free trial credits are waiting.\n\nType an idea, get 4 print-ready designs: ${linkTo(publicUrl, '/generate')}`,
        html: layout(
          'Your account is active',
          `<p>10 free trial credits are waiting. Type an idea, get 4 print-ready designs.</p><p><a href="${escapeHtml(linkTo(publicUrl, '/generate'))}" style="display:inline-block;background:#7c3aed;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600">Start creating</a></p>`,
        ),
      };
    case 'payment-failed': {
      // Billing sends the page holding the portal button: a Stripe portal session link would expire in the inbox.
      const accountUrl = data.accountUrl ?? linkTo(publicUrl, '/account');
      return {
        subject: 'Payment failed — update your card to keep your Printloom plan',
        text: `We could not charge your card for your Printloom subscription.\n\nUpdate your card in the billing portal: ${accountUrl} (Manage Billing).\n\nYour plan stays on while Stripe retries the payment.`,
        html: layout(
          'Payment failed — update your card',
          `<p>We could not charge your card for your Printloom subscription. Your plan stays on while the payment is retried.</p><p><a href="${escapeHtml(accountUrl)}" style="display:inline-block;background:#7c3aed;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600">Update your card</a></p>`,
        ),
      };
    }
    case 'expiry-reminder': {
      // data.images: one "prompt · expires on date" line per image.
      const lines = (data.images ?? '').split('\n').filter(Boolean);
      return {
        subject: `${data.count} of your Printloom designs expire this week`,
        text: `These designs will be deleted within 7 days unless you star them:\n\n${lines.map((line) => `- ${line}`).join('\n')}\n\nStar the ones you keep: ${data.libraryUrl}\n\nStop these reminders: ${data.unsubscribeUrl}`,
        html: layout(
          `${data.count} designs expire this week`,
          `<p>These designs will be deleted within 7 days unless you star them:</p><ul>${lines.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul><p><a href="${escapeHtml(data.libraryUrl)}" style="display:inline-block;background:#7c3aed;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600">Open my library</a></p><p style="font-size:12px;color:#71717a"><a href="${escapeHtml(data.unsubscribeUrl)}" style="color:#71717a">Stop these reminders</a></p>`,
        ),
      };
    }
    case 'signup-attempt':
      // A sign-up for an address that already has an account: the owner hears of it, and no code is sent.
      return {
        subject: 'Someone tried to create a Printloom account with your address',
        text: `Someone tried to create a Printloom account with this email address, which already has one.\n\nIf it was you, sign in or reset your password: ${linkTo(publicUrl, '/auth')} (reset: ${linkTo(publicUrl, '/auth?mode=reset')}).\n\nIf it wasn't you, you can ignore this email: nothing changed on your account.`,
        html: layout(
          'Someone tried to create an account with your address',
          `<p>Someone tried to create a Printloom account with this email address, which already has one.</p><p>If it was you, <a href="${escapeHtml(linkTo(publicUrl, '/auth'))}">sign in</a> or <a href="${escapeHtml(linkTo(publicUrl, '/auth?mode=reset'))}">reset your password</a>.</p><p>If it wasn't you, you can ignore this email: nothing changed on your account.</p>`,
        ),
      };
    case 'account-deleted':
      return {
        subject: 'Your Printloom account has been deleted',
        text: `Your Printloom account has been deleted and you have been signed out everywhere. Any subscription was cancelled.\n\nYour images and account data will be removed within ${data.purgeDays ?? '90'} days; billing records are kept as our privacy policy states.\n\nPrivacy policy: ${publicUrl}/privacy`,
        html: layout(
          'Your account has been deleted',
          `<p>Your Printloom account has been deleted and you have been signed out everywhere. Any subscription was cancelled.</p><p>Your images and account data will be removed within ${escapeHtml(data.purgeDays ?? '90')} days; billing records are kept as our <a href="${escapeHtml(publicUrl)}/privacy">privacy policy</a> states.</p>`,
        ),
      };
    case 'support-message':
      return {
        subject: `[${data.type}] ${data.subject}`,
        text: `From: ${data.email}\nType: ${data.type}\nUser: ${data.userId || 'visitor'}\n\n${data.message}`,
        html: layout(
          `${data.type}: ${data.subject}`,
          `<p><strong>From:</strong> ${escapeHtml(data.email)}<br><strong>User:</strong> ${escapeHtml(data.userId || 'visitor')}</p><pre style="white-space:pre-wrap;font-family:inherit">${escapeHtml(data.message)}</pre>`,
        ),
      };
  }
}
