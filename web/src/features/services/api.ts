import type { PackageReply, ServiceAttributesReply, ServiceReply } from '@portal/contracts';
import { apiClient } from '../../shared/api';

/**
 * The catalog's read calls (spec part 1, section 7, and part 2, section 7); the menu and the site pages
 * are read without react-query (hooks/use-public-catalog.ts).
 */

export function getServices(signal?: AbortSignal): Promise<ServiceReply[]> {
  return apiClient.get<ServiceReply[]>('/services/', { signal });
}

export function getService(id: string, signal?: AbortSignal): Promise<ServiceReply> {
  return apiClient.get<ServiceReply>(`/services/${encodeURIComponent(id)}`, { signal });
}

/** The attribute names of a category, in the order its packages list them. */
export function getServiceAttributes(category: string, signal?: AbortSignal): Promise<ServiceAttributesReply> {
  return apiClient.get<ServiceAttributesReply>(`/services/attributes/${encodeURIComponent(category)}`, { signal });
}

export function getPackage(id: string, signal?: AbortSignal): Promise<PackageReply> {
  return apiClient.get<PackageReply>(`/subscriptions/packages/${encodeURIComponent(id)}/`, { signal });
}
