import {
  MESSAGES,
  type ForgotPasswordInput,
  type LoginInput,
  type LoginResult,
  type RegisterInput,
  type ResendOtpInput,
  type ResetPasswordInput,
  type ResetTokenResult,
  type VerifyOtpInput,
} from '@vidyalaya/shared';
import { api } from '../../../lib/api/api';

const F = MESSAGES.fallback;

/** The account form calls of spec §7 (me and logout live in lib/auth). */
export const accountApi = api.injectEndpoints({
  endpoints: (b) => ({
    register: b.mutation<unknown, RegisterInput>({
      query: (body) => ({ url: '/auth/register', method: 'POST', body, skipAuthRefresh: true, fallbackMessage: F.register }),
    }),
    resendOtp: b.mutation<unknown, ResendOtpInput>({
      query: (body) => ({ url: '/auth/resend-otp', method: 'POST', body, skipAuthRefresh: true, fallbackMessage: F.resendOtp }),
    }),
    verifyRegistration: b.mutation<unknown, VerifyOtpInput>({
      query: (body) => ({ url: '/auth/verify-otp/registration', method: 'POST', body, skipAuthRefresh: true, fallbackMessage: F.verifyOtp }),
    }),
    login: b.mutation<LoginResult, LoginInput>({
      query: (body) => ({ url: '/auth/login', method: 'POST', body, skipAuthRefresh: true, fallbackMessage: F.login }),
    }),
    forgotPassword: b.mutation<unknown, ForgotPasswordInput>({
      query: (body) => ({ url: '/auth/forgot-password', method: 'POST', body, skipAuthRefresh: true, fallbackMessage: F.forgotPassword }),
    }),
    verifyPasswordReset: b.mutation<ResetTokenResult, VerifyOtpInput>({
      query: (body) => ({ url: '/auth/verify-otp/password-reset', method: 'POST', body, skipAuthRefresh: true, fallbackMessage: F.verifyOtp }),
    }),
    resetPassword: b.mutation<unknown, ResetPasswordInput>({
      query: (body) => ({ url: '/auth/reset-password', method: 'POST', body, skipAuthRefresh: true, fallbackMessage: F.resetPassword }),
    }),
  }),
});

export const {
  useRegisterMutation,
  useResendOtpMutation,
  useVerifyRegistrationMutation,
  useLoginMutation,
  useForgotPasswordMutation,
  useVerifyPasswordResetMutation,
  useResetPasswordMutation,
} = accountApi;
