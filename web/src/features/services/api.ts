import { apiClient } from '../../shared/api';
import type { CatalogId, CatalogService, MenuItem, SitePage, SubscriptionPackage } from './catalog';

/** The catalog's read calls (spec part 1, section 7, and part 2, section 7). */

export function getMenu(signal?: AbortSignal): Promise<MenuItem[]> {
  return apiClient.get<MenuItem[]>('/menu/', { signal });
}

export function getSitePages(signal?: AbortSignal): Promise<SitePage[]> {
  return apiClient.get<SitePage[]>('/pages/', { signal });
}

export function getServices(signal?: AbortSignal): Promise<CatalogService[]> {
  return apiClient.get<CatalogService[]>('/services/', { signal });
}

export function getService(id: CatalogId, signal?: AbortSignal): Promise<CatalogService> {
  return apiClient.get<CatalogService>(`/services/${encodeURIComponent(String(id))}`, { signal });
}

export function getServicesByCategory(category: string, signal?: AbortSignal): Promise<CatalogService[]> {
  return apiClient.get<CatalogService[]>(`/services/by-category/${encodeURIComponent(category)}`, { signal });
}

/** The attribute names of a category, in the order its packages list them. */
export function getServiceAttributes(category: string, signal?: AbortSignal): Promise<string[]> {
  return apiClient.get<string[]>(`/services/attributes/${encodeURIComponent(category)}`, { signal });
}

export function getPackage(id: CatalogId, signal?: AbortSignal): Promise<SubscriptionPackage> {
  return apiClient.get<SubscriptionPackage>(`/subscriptions/packages/${encodeURIComponent(String(id))}/`, { signal });
}
