import { FALLBACK_MESSAGES } from '@vidyalaya/shared';
import {
  type ForgotPasswordInput,
  type LoginInput,
  type LoginResult,
  type RegisterInput,
  type ResendOtpInput,
  type ResetPasswordInput,
  type ResetTokenResult,
  type VerifyOtpInput,
} from '@vidyalaya/shared/auth';
import { useCallback, useEffect, useRef, useState } from 'react';
import { baseQuery, type ApiError, type ApiRequest } from '../../../lib/api/base-query';

const F = FALLBACK_MESSAGES;

/** What a mutation's trigger returns: `.unwrap()` gives the answer's data or throws the ApiError (as RTK Query's). */
export interface MutationCall<T> {
  unwrap(): Promise<T>;
}

/** What a mutation's trigger returns: `.unwrap()` gives the answer's data or throws the ApiError (as RTK Query's). */
export interface MutationCall<T> {
  unwrap(): Promise<T>;
}

type Outcome<T> = { data: T; error?: undefined } | { error: ApiError; data?: undefined };

/**
 * One account call: sent through the one base query (bearer token, envelope, fallback messages).
 * `initiate(arg)` is a thunk answering `{ data }` or `{ error }`, as RTK Query's endpoints do.
 */
function endpoint<Arg, Result>(request: (arg: Arg) => ApiRequest) {
  const run = async (arg: Arg): Promise<Outcome<Result>> => {
    const controller = new AbortController();
    const result = await baseQuery(request(arg), { signal: controller.signal } as Parameters<typeof baseQuery>[1], {});
    if ('error' in result && result.error) return { error: result.error as ApiError };
    return { data: (result as { data: unknown }).data as Result };
  };
  return { run, initiate: (arg: Arg) => () => run(arg) };
}

/**
 * The hook of one call, in RTK Query's shape: `const [login, { isLoading }] = useLoginMutation()`,
 * `await login(values).unwrap()`.
 */
function mutationHook<Arg, Result>(call: { run: (arg: Arg) => Promise<Outcome<Result>> }) {
  return function useMutation(): [(arg: Arg) => MutationCall<Result>, { isLoading: boolean }] {
    const [pending, setPending] = useState(0);
    const mounted = useRef(true);
    useEffect(() => {
      mounted.current = true;
      return () => {
        mounted.current = false;
      };
    }, []);
    const trigger = useCallback((arg: Arg): MutationCall<Result> => {
      setPending((n) => n + 1);
      const done = call.run(arg).then(
        (outcome) => {
          if (mounted.current) setPending((n) => n - 1);
          if (outcome.error) throw outcome.error;
          return outcome.data as Result;
        },
        (e: unknown) => {
          if (mounted.current) setPending((n) => n - 1);
          throw e;
        },
      );
      // A failure is the caller's, through unwrap(); a call nobody unwraps is not an unhandled rejection.
      done.catch(() => undefined);
      return { unwrap: () => done };
    }, []);
    return [trigger, { isLoading: pending > 0 }];
  };
}

const post = (url: string, fallbackMessage: string) => (body: unknown) =>
  ({ url, method: 'POST', body, skipAuthRefresh: true, fallbackMessage }) satisfies ApiRequest;

/**
 * The account form calls of spec §7 (me and logout live in lib/auth). They cache nothing and
 * invalidate nothing, so they go through the base query without RTK Query: the sign-in pages load
 * none of it (docs/performance.md).
 */
export const accountApi = {
  endpoints: {
    register: endpoint<RegisterInput, unknown>(post('/auth/register', F.register)),
    resendOtp: endpoint<ResendOtpInput, unknown>(post('/auth/resend-otp', F.resendOtp)),
    verifyRegistration: endpoint<VerifyOtpInput, unknown>(post('/auth/verify-otp/registration', F.verifyOtp)),
    login: endpoint<LoginInput, LoginResult>(post('/auth/login', F.login)),
    forgotPassword: endpoint<ForgotPasswordInput, unknown>(post('/auth/forgot-password', F.forgotPassword)),
    verifyPasswordReset: endpoint<VerifyOtpInput, ResetTokenResult>(post('/auth/verify-otp/password-reset', F.verifyOtp)),
    resetPassword: endpoint<ResetPasswordInput, unknown>(post('/auth/reset-password', F.resetPassword)),
  },
};

const E = accountApi.endpoints;
export const useRegisterMutation = mutationHook(E.register);
export const useResendOtpMutation = mutationHook(E.resendOtp);
export const useVerifyRegistrationMutation = mutationHook(E.verifyRegistration);
export const useLoginMutation = mutationHook(E.login);
export const useForgotPasswordMutation = mutationHook(E.forgotPassword);
export const useVerifyPasswordResetMutation = mutationHook(E.verifyPasswordReset);
export const useResetPasswordMutation = mutationHook(E.resetPassword);
