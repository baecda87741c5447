import { ClientOfflineError, ErrorReply, TimeoutError } from '@redis/client';
import { StoreUnavailableError } from '../database-errors';
import { redisFailure } from './redis-rate-limit.store';

describe('DECISIONS "Scale and state": a Redis failure answers like a database outage (503), never with its details', () => {
  it.each([
    ['the client is offline', new ClientOfflineError()],
    ['a command timed out', new TimeoutError('Command timeout')],
    ['a socket error', Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' })],
    ['a replica that cannot write', new ErrorReply("READONLY You can't write against a read only replica.")],
    ['Redis still loading its data', new ErrorReply('LOADING Redis is loading the dataset in memory')],
    ['refused credentials', new ErrorReply('WRONGPASS invalid username-password pair or user is disabled.')],
  ])('%s → StoreUnavailableError (503 DATABASE_UNAVAILABLE)', (_case, error) => {
    const failure = redisFailure(error);
    expect(failure).toBeInstanceOf(StoreUnavailableError);
    expect((failure as StoreUnavailableError).store).toBe('redis');
  });

  it('any other reply is a bug of ours and stays as it is (500, logged as unexpected)', () => {
    const wrongType = new ErrorReply('WRONGTYPE Operation against a key holding the wrong kind of value');
    expect(redisFailure(wrongType)).toBe(wrongType);
  });

  it('the reason is one short line: the error class, its message, the last connection error; no stack, no URL', () => {
    const failure = redisFailure(new ClientOfflineError(), 'Error: connect ECONNREFUSED 127.0.0.1:6379') as StoreUnavailableError;
    expect(failure.reason).toBe('ClientOfflineError: The client is offline (last connection error: Error: connect ECONNREFUSED 127.0.0.1:6379)');

    const leaky = new Error('cannot reach rediss://admin:s3cret@cache.example.in:6380/0\n    at connect (socket.js:1:1)');
    const reason = (redisFailure(leaky) as StoreUnavailableError).reason;
    expect(reason).not.toContain('s3cret');
    expect(reason).not.toContain('\n');
    expect(reason).toContain('redis://[redacted]');
    expect((redisFailure(new Error('x'.repeat(1000))) as StoreUnavailableError).reason.length).toBeLessThanOrEqual(201);
  });
});
