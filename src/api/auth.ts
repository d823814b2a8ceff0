import type { AuthResponse } from '../domain/user';
import type { RegistrationInput } from '../domain/validation';
import { api } from './http';

export interface Message {
  message: string;
}

export const authApi = {
  login: (email: string, password: string, deviceId?: string) => api.post<AuthResponse>('/auth/login', { email, password, deviceId }),
  refreshToken: (refreshToken: string) => api.post<AuthResponse>('/auth/refresh-token', { refreshToken }),
  logout: (refreshToken: string) => api.post<void>('/auth/logout', { refreshToken }),
  register: (input: RegistrationInput) => api.post<Message & { userId: string; email: string }>('/auth/register', input),
  confirmEmail: (token: string, userId: string) => api.get<Message>('/auth/confirm-email', { query: { token, userId } }),
  resendConfirmation: (email: string) =>
    api.post<Message & { remainingRetries: number }>('/auth/resend-confirmation-email', { email }),
  forgotPassword: (email: string) => api.post<Message>('/auth/forgot-password', { email }),
  resetPassword: (email: string, token: string, newPassword: string) =>
    api.post<Message>('/auth/reset-password', { email, token, newPassword }),
  checkEmailExists: (email: string) => api.post<{ exists: boolean }>('/auth/check-email-exists', { email }),
  /** phoneNumber is the full number: country code, a space, the number. */
  checkPhoneExists: (phoneNumber: string) => api.get<{ exists: boolean }>('/auth/check-phone-exists', { query: { phoneNumber } }),
};
