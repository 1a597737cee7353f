import type { UpdateTermsDocumentInput } from '@pirouette/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, seg } from '../../../lib/api-client';
import { documentsQueryKey } from './get-documents';

export const updateDocument = ({ id, data }: { id: string; data: UpdateTermsDocumentInput }) =>
  api.put<{ msg: string; version: number }>(`/api/mystudio/documents/${seg(id)}`, data);

export function useUpdateDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateDocument,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: documentsQueryKey }),
  });
}
