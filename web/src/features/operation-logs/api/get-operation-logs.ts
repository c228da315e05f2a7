import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { queryKeys } from '@/lib/query-keys';
import { request } from '@/lib/request';
import type { OperationLog, OperationLogQuery, Paginated } from '@/types/api';

/** GET /api/operationLog: one page of records, newest first unless sorted otherwise. */
export function getOperationLogs(query: OperationLogQuery): Promise<Paginated<OperationLog>> {
  return request<Paginated<OperationLog>>({ url: '/operationLog', method: 'GET', params: query });
}

export function operationLogsQueryOptions(query: OperationLogQuery) {
  return queryOptions({
    queryKey: queryKeys.operationLog.list(query),
    queryFn: () => getOperationLogs(query),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useOperationLogs(query: OperationLogQuery) {
  return useQuery(operationLogsQueryOptions(query));
}
