import { RawJson, serializeSuccess, withMessage, withTopLevel } from './success-envelope';

describe('DECISIONS "API shape": the success envelope every API route answers', () => {
  it.each([
    ['an object', { school: { id: 's1' } }, { success: true, data: { school: { id: 's1' } } }],
    ['an array', [1, 2], { success: true, data: [1, 2] }],
    ['null', null, { success: true, data: null }],
    ['undefined', undefined, { success: true, data: null }],
    ['a result with a message', withMessage({ id: 'c1' }, 'Message sent'), { success: true, data: { id: 'c1' }, message: 'Message sent' }],
    ['a message with no data', withMessage(null, 'OTP sent successfully!'), { success: true, data: null, message: 'OTP sent successfully!' }],
  ])('wraps %s', (_what, result, envelope) => {
    expect(JSON.parse(serializeSuccess(result))).toEqual(envelope);
  });

  it('adds fields beside success and data (GET /auth/me: {success, user, data:{user}})', () => {
    const user = { id: 'u1', username: 'ravi' };
    expect(JSON.parse(serializeSuccess(withTopLevel({ user }, { user })))).toEqual({ success: true, user, data: { user } });
  });

  it('puts stored JSON in as it is, without parsing it again', () => {
    const stored = '{"classes":[{"name":"Class 1"}],"note":"\\u2028 kept"}';
    const text = serializeSuccess(new RawJson(stored));
    expect(text).toBe(`{"success":true,"data":${stored}}`);
    expect(JSON.parse(text).data.classes[0].name).toBe('Class 1');
  });

  it('passes a finished answer (the failure envelope, written by the filter as a string) through unchanged', () => {
    const failure = JSON.stringify({ success: false, message: 'School not found.', error: { code: 'SCHOOL_NOT_FOUND', message: 'School not found.' } });
    expect(serializeSuccess(failure)).toBe(failure);
  });
});
