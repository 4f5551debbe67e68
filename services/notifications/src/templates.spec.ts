import { describe, expect, it } from '@jest/globals';
import { renderEmail } from './templates.js';

describe('email templates', () => {
  it('put the code in the subject, the text and the HTML', () => {
    for (const template of ['verification-code', 'password-reset-code'] as const) {
      const email = renderEmail(template, { code: '042917' }, 'http://localhost:8080');
      expect(email.subject).toContain('042917');
      expect(email.text).toContain('042917');
      expect(email.html).toContain('042917');
    }
  });

  it('escapes what users wrote in support messages', () => {
    const email = renderEmail(
      'support-message',
      { type: 'support', email: 'a@b.co', subject: 'Hi', message: '<script>x</script>', userId: '' },
      'http://x',
    );
    expect(email.html).not.toContain('<script>');
    expect(email.text).toContain('<script>x</script>');
  });

  it('link into the app once, whether PUBLIC_URL ends with a slash or not', () => {
    for (const publicUrl of ['https://printloom.example', 'https://printloom.example/']) {
      const email = renderEmail('welcome', {}, publicUrl);
      expect(email.text).toContain('https://printloom.example/generate');
      expect(email.html).toContain('href="https://printloom.example/generate"');
      expect(email.text).not.toContain('//generate');
    }
  });

  it('sends the payment-failed email with the way to the billing portal', () => {
    const email = renderEmail('payment-failed', { accountUrl: 'https://printloom.example/account' }, 'https://printloom.example/');
    expect(email.subject).toContain('Payment failed');
    expect(email.text).toContain('https://printloom.example/account');
    expect(email.html).toContain('href="https://printloom.example/account"');
  });

  it('tells the owner of an address that someone tried to sign up with it, with the ways in and no code', () => {
    const email = renderEmail('signup-attempt', {}, 'https://printloom.example');
    expect(email.subject).toBe('Someone tried to create a Printloom account with your address');
    expect(email.text).toContain('sign in or reset your password');
    expect(email.text).toContain('https://printloom.example/auth?mode=reset');
    expect(email.html).toContain('href="https://printloom.example/auth"');
    expect(`${email.subject} ${email.text}`).not.toMatch(/\d{6}/);
  });
});
