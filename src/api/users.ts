import type { NotificationPreferences, User } from '../domain/user';
import { api } from './http';

export interface ProfileUpdate {
  firstName?: string;
  lastName?: string;
  email?: string;
  phoneNumber?: string | null;
  countryCode?: string | null;
  dateOfBirth?: string | null;
  profilePictureId?: string | null;
  address?: string | null;
  zipCode?: string | null;
  city?: string | null;
}

export const usersApi = {
  getProfile: () => api.get<User>('/users/profile'),
  updateProfile: (update: ProfileUpdate) => api.put<User>('/users/profile', update),
  updateNotificationPreferences: (preferences: NotificationPreferences) =>
    api.put<NotificationPreferences>('/users/notification-preferences', preferences),
  verifyPhone: (phoneNumber: string) => api.post<{ message: string }>('/users/verify-phone', { phoneNumber }),
  confirmPhone: (verificationCode: string) =>
    api.post<{ message: string; user: User }>('/users/confirm-phone', { verificationCode }),
  changePassword: (oldPassword: string, newPassword: string, confirmPassword: string) =>
    api.post<{ message: string }>('/users/change-password', { oldPassword, newPassword, confirmPassword }),
};
