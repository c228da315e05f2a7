import { queryOptions, useQuery } from '@tanstack/react-query';

import { queryKeys } from '@/lib/query-keys';
import { request } from '@/lib/request';
import type { OperationLog } from '@/types/api';

/** GET /api/operationLog/{id}: one record. */
export function getOperationLog(id: number): Promise<OperationLog> {
  return request<OperationLog>({ url: `/operationLog/${id}`, method: 'GET' });
}

export function operationLogQueryOptions(id: number) {
  return queryOptions({ queryKey: queryKeys.operationLog.detail(id), queryFn: () => getOperationLog(id) });
}

export function useOperationLog(id: number | null) {
  return useQuery({ ...operationLogQueryOptions(id ?? 0), enabled: id !== null });
}
