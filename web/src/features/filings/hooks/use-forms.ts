import { useQuery } from '@tanstack/react-query';
import { ApiError } from '../../../shared/api';
import { getForm, getForms, type FilingForm } from '../api';
import { findFormBySlug } from '../find-form';

const FORMS_STALE_TIME_MS = 5 * 60_000;

export const filingKeys = {
  all: ['filings', 'forms'] as const,
  byId: (id: string) => ['filings', 'forms', 'id', id] as const,
};

export function useForms() {
  return useQuery({
    queryKey: filingKeys.all,
    queryFn: ({ signal }) => getForms(signal),
    staleTime: FORMS_STALE_TIME_MS,
  });
}

const ID_LIKE = /^(?:\d+|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

/**
 * The form a detail page's slug names, from the forms list (shared with /filings, so moving between
 * them costs no call). A link carrying the form's id instead of its slug is answered by GET /forms/{id}.
 * Resolves to null when no form has that slug.
 */
export function useFormBySlug(slug: string) {
  const list = useForms();
  const match = list.data ? findFormBySlug(list.data, slug) : undefined;
  const tryId = list.isSuccess && !match && ID_LIKE.test(slug);
  const byId = useQuery({
    queryKey: filingKeys.byId(slug),
    queryFn: async ({ signal }): Promise<FilingForm | null> => {
      try {
        return await getForm(slug, signal);
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
    enabled: tryId,
    staleTime: FORMS_STALE_TIME_MS,
  });
  if (list.isPending || (tryId && byId.isPending)) return { status: 'pending' as const, refetch: list.refetch };
  if (list.isError || (tryId && byId.isError)) {
    return { status: 'error' as const, refetch: list.refetch, isFetching: list.isFetching || byId.isFetching };
  }
  const form = match ?? (tryId ? byId.data : null) ?? null;
  return { status: 'success' as const, form, refetch: list.refetch };
}
