import { createMessageTemplateSchema, maskPhone, messageCostPaise, renderTemplate, smsParts } from './schemas';

describe('messaging rules', () => {
  it('counts SMS parts: GSM-7 160 in one, 153 per part; extension characters take two; Unicode 70 and 67', () => {
    expect(smsParts('a'.repeat(160))).toEqual({ encoding: 'gsm7', characters: 160, parts: 1 });
    expect(smsParts('a'.repeat(161))).toEqual({ encoding: 'gsm7', characters: 161, parts: 2 });
    expect(smsParts('a'.repeat(306)).parts).toBe(2);
    expect(smsParts('a'.repeat(307)).parts).toBe(3);
    expect(smsParts('€'.repeat(80))).toEqual({ encoding: 'gsm7', characters: 160, parts: 1 });
    expect(smsParts('Fee ₹500 due')).toMatchObject({ encoding: 'unicode', parts: 1 });
    expect(smsParts('अ'.repeat(70))).toEqual({ encoding: 'unicode', characters: 70, parts: 1 });
    expect(smsParts('अ'.repeat(71))).toEqual({ encoding: 'unicode', characters: 71, parts: 2 });
    expect(smsParts('अ'.repeat(135)).parts).toBe(3);
  });

  it('fills {#var#} in order and refuses what does not fit', () => {
    const t = { body: 'Dear parent, {#var#} of {#var#} was absent.', variables: ['studentName', 'className'], channel: 'sms' as const };
    expect(renderTemplate(t, { studentName: 'Aarav', className: 'Class 5 A' })).toEqual({ ok: true, text: 'Dear parent, Aarav of Class 5 A was absent.', values: ['Aarav', 'Class 5 A'] });
    expect(renderTemplate(t, { studentName: 'Aarav' })).toEqual({ ok: false, reason: 'This message has no value for className' });
    expect(renderTemplate(t, { studentName: 'A'.repeat(31), className: 'x' })).toMatchObject({ ok: false });
    expect(renderTemplate({ ...t, channel: 'whatsapp' }, { studentName: 'A'.repeat(31), className: 'x' })).toMatchObject({ ok: true });
    expect(renderTemplate({ ...t, variables: ['studentName'] }, { studentName: 'A' })).toMatchObject({ ok: false });
  });

  it('a template names known values, one per placeholder', () => {
    const base = { event: 'absence', channel: 'sms', dltTemplateId: '1107', body: '{#var#} was absent on {#var#}' };
    expect(createMessageTemplateSchema.safeParse({ ...base, variables: ['studentName', 'date'] }).success).toBe(true);
    expect(createMessageTemplateSchema.safeParse({ ...base, variables: ['studentName'] }).success).toBe(false);
    expect(createMessageTemplateSchema.safeParse({ ...base, variables: ['studentName', 'rollNo'] }).success).toBe(false);
  });

  it('masks phones and costs messages', () => {
    expect(maskPhone('9876543210')).toBe('98xxxxxx10');
    expect(messageCostPaise('sms', 'a'.repeat(161))).toBe(50);
    expect(messageCostPaise('whatsapp', 'x')).toBe(15);
    expect(messageCostPaise('email', 'x')).toBe(0);
  });
});
