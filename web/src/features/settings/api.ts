import type {
  ChangePasswordReply,
  ChangePasswordRequest,
  MessageReply,
  SecurityEventsReply,
  SessionsReply,
  TwoFactorDisableReply,
  TwoFactorDisableRequest,
  TwoFactorEnableReply,
  TwoFactorEnableRequest,
  TwoFactorSetupReply,
  TwoFactorStatusReply,
} from '@portal/contracts';
import { apiClient } from '../../shared/api';

/** The account's security calls (/settings). Each rejects with an ApiError whose `detail` is the server's text. */

export function getTwoFactorStatus(): Promise<TwoFactorStatusReply> {
  return apiClient.get<TwoFactorStatusReply>('/auth/two-factor');
}

export function setupTwoFactor(): Promise<TwoFactorSetupReply> {
  return apiClient.post<TwoFactorSetupReply>('/auth/two-factor/setup');
}

export function enableTwoFactor({ password, code }: TwoFactorEnableRequest): Promise<TwoFactorEnableReply> {
  const body: TwoFactorEnableRequest = { password, code: code.trim() };
  return apiClient.post<TwoFactorEnableReply>('/auth/two-factor/enable', body);
}

export function disableTwoFactor(password: string, code: string): Promise<TwoFactorDisableReply> {
  const body: TwoFactorDisableRequest = { password, code: code.trim() };
  return apiClient.post<TwoFactorDisableReply>('/auth/two-factor/disable', body);
}

export function changePassword(currentPassword: string, newPassword: string): Promise<ChangePasswordReply> {
  const body: ChangePasswordRequest = { current_password: currentPassword, new_password: newPassword };
  return apiClient.post<ChangePasswordReply>('/auth/password/change', body);
}

export function getSessions(): Promise<SessionsReply> {
  return apiClient.get<SessionsReply>('/auth/sessions');
}

export function endSession(id: string): Promise<MessageReply> {
  return apiClient.delete<MessageReply>(`/auth/sessions/${encodeURIComponent(id)}`);
}

export function signOutEverywhere(): Promise<MessageReply> {
  return apiClient.post<MessageReply>('/auth/sessions/revoke-all');
}

export function getSecurityEvents(): Promise<SecurityEventsReply> {
  return apiClient.get<SecurityEventsReply>('/auth/security-events');
}
