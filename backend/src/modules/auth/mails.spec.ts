import { otpMail, passwordChangedMail } from './mails';

describe('issue 3 account e-mails: branded subject, text and HTML, the code large, its expiry', () => {
  it.each([
    ['registration', 'Vidyalaya: Your verification code'],
    ['password_reset', 'Vidyalaya: Your password reset code'],
  ] as const)('%s code e-mail', (purpose, subject) => {
    const mail = otpMail(purpose, 'ravi@example.test', 'ravi-123456', '042917');
    expect(mail.to).toBe('ravi@example.test');
    expect(mail.subject).toBe(subject);
    expect(mail.text).toContain('Your code: 042917');
    expect(mail.text).toContain('valid for 10 minutes');
    expect(mail.html).toMatch(/<p style="font-size:32px;[^"]*">042917<\/p>/);
    expect(mail.html).toContain('valid for 10 minutes');
    // The code is the first six-digit number in the text, even with digits in the username.
    expect(/\b(\d{6})\b/.exec(mail.text)?.[1]).toBe('042917');
  });

  it('escapes what the user typed in the HTML part', () => {
    const mail = otpMail('registration', 'a@b.test', '<b>x</b>', '123456');
    expect(mail.html).not.toContain('<b>x</b>');
    expect(mail.html).toContain('&lt;b&gt;x&lt;/b&gt;');
  });

  it('the password-changed notice names the account and the time in IST, with no code', () => {
    const mail = passwordChangedMail('ravi@example.test', 'ravi', new Date('2025-10-03T20:00:00Z'));
    expect(mail.subject).toBe('Vidyalaya: Your password was changed');
    expect(mail.text).toContain('"ravi" was changed on 04/10/2025, 1:30 AM IST');
    expect(mail.text).toContain('signed out');
    expect(mail.html).toContain('signed out');
  });
});
