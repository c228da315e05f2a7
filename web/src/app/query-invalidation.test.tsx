import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { http as mock } from 'msw';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';

// The features meet only here, in the app layer: none imports another (eslint.config.js).
import { deviceDetailKeys } from '@/features/device-detail/api/keys';
import { useCreateDeviceType } from '@/features/device-types/api/create-device-type';
import { makeDeviceType } from '@/features/device-types/testing/fixtures';
import type { DeviceType, DeviceTypeInput } from '@/features/device-types/types';
import { deviceTypeOptionsQueryOptions, useDeviceTypeOptions } from '@/shared/devices/api/get-device-type-options';
import { invalidateEntity, queryKeys, staleAfterChange } from '@/lib/query-keys';
import { createQueryClient } from '@/lib/react-query';
import { useAckAlarm } from '@/shared/alarms/api/ack-alarm';
import { invalidateAlarmChange } from '@/shared/alarms/api/keys';
import { companyOptionsQueryOptions } from '@/shared/companies/get-company-options';
import { setupPageTests } from '@/testing/page-tests';
import { server } from '@/testing/server';
import { ok } from '@/testing/test-utils';

setupPageTests();

function deviceType(id: number, model: string): DeviceType {
  return makeDeviceType({ id, name: `红外甲烷探测器 ${model}`, model, lowThreshold: 20, highThreshold: 50, communication: '4G' });
}

/** A catalogue of device types behind GET/POST /api/deviceClassify, counting the reads. */
function deviceTypeApi(initial: DeviceType[]) {
  const stored = [...initial];
  const reads: URL[] = [];
  server.use(
    mock.get('/api/deviceClassify', ({ request }) => {
      reads.push(new URL(request.url));
      return ok({ list: stored, total: stored.length, page: 1, pageSize: 100 });
    }),
    mock.post('/api/deviceClassify', async ({ request }) => {
      const input = (await request.json()) as DeviceTypeInput;
      const created = { ...deviceType(stored.length + 1, input.model), ...input };
      stored.push(created);
      return ok(created);
    }),
  );
  return { reads };
}

const input = (model: string): DeviceTypeInput => {
  const { id: _id, createdAt: _c, updatedAt: _u, deviceCount: _n, ...rest } = deviceType(0, model);
  return { ...rest, unit: '%LEL', communication: '4G' };
};

describe('one cache-key scheme (lib/query-keys.ts)', () => {
  it('keys every cache of an entity under [entity], whichever feature reads it', () => {
    expect(deviceTypeOptionsQueryOptions().queryKey[0]).toBe('deviceType');
    expect(queryKeys.deviceType.list({ page: 1 })[0]).toBe('deviceType');
    expect(companyOptionsQueryOptions().queryKey[0]).toBe('company');
    // a device type's name shows in the device list and the home's devices by type; every change is recorded
    expect(staleAfterChange('deviceType').sort()).toEqual(['device', 'deviceType', 'home', 'operationLog']);
  });

  it('a device type change marks the device form choices, the type list and the device list stale, not the companies', async () => {
    const queryClient = createQueryClient();
    const seed = (queryKey: readonly unknown[]) => queryClient.setQueryData(queryKey, []);
    seed(queryKeys.deviceType.options());
    seed(queryKeys.deviceType.list({ page: 1, pageSize: 20 }));
    seed(queryKeys.device.list({ page: 1, pageSize: 20 }));
    seed(queryKeys.company.options());
    await invalidateEntity(queryClient, 'deviceType');
    const invalidated = (queryKey: readonly unknown[]) => queryClient.getQueryState(queryKey)?.isInvalidated;
    expect(invalidated(queryKeys.deviceType.options())).toBe(true);
    expect(invalidated(queryKeys.deviceType.list({ page: 1, pageSize: 20 }))).toBe(true);
    expect(invalidated(queryKeys.device.list({ page: 1, pageSize: 20 }))).toBe(true);
    expect(invalidated(queryKeys.company.options())).toBe(false);
  });

  it('creating a device type (Device Type Management) puts it among the device form type choices at once', async () => {
    const api = deviceTypeApi([deviceType(1, 'GT-100')]);
    const queryClient = createQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
    // the device form's type select reads useDeviceTypeOptions (cached 60 s); the type page creates with useCreateDeviceType
    const { result } = renderHook(() => ({ choices: useDeviceTypeOptions(true), create: useCreateDeviceType() }), { wrapper });
    await waitFor(() => expect(result.current.choices.data?.map((t) => t.model)).toEqual(['GT-100']));
    expect(api.reads).toHaveLength(1);

    await act(() => result.current.create.mutateAsync(input('GT-200')));

    // no waiting for the 60 s: the choices were read again before the creation's promise resolved
    expect(result.current.choices.data?.map((t) => t.model)).toEqual(['GT-100', 'GT-200']);
    expect(api.reads).toHaveLength(2);
  });

  it('a closed device form reads its type choices again when it next opens', async () => {
    const api = deviceTypeApi([deviceType(1, 'GT-100')]);
    const queryClient = createQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
    await queryClient.prefetchQuery(deviceTypeOptionsQueryOptions());
    expect(api.reads).toHaveLength(1);

    const { result: create } = renderHook(() => useCreateDeviceType(), { wrapper });
    await act(() => create.current.mutateAsync(input('GT-300')));
    expect(queryClient.getQueryState(queryKeys.deviceType.options())?.isInvalidated).toBe(true);

    const { result: form } = renderHook(() => useDeviceTypeOptions(true), { wrapper });
    await waitFor(() => expect(form.current.data?.map((t) => t.model)).toEqual(['GT-100', 'GT-300']));
    expect(api.reads).toHaveLength(2);
  });
});

describe('alarm changes (Alarm Center and device detail)', () => {
  const invalidated = (queryClient: ReturnType<typeof createQueryClient>, queryKey: readonly unknown[]) =>
    queryClient.getQueryState(queryKey)?.isInvalidated;

  it("an action in the Alarm Center marks its lists, that device's alarms and the home stale, not other devices", async () => {
    const queryClient = createQueryClient();
    const keys = [
      queryKeys.alarm.list({ stage: ['new'], page: 1 }),
      deviceDetailKeys.alarms(3, { deviceId: 3, page: 1, pageSize: 20 }),
      deviceDetailKeys.alarms(4, { deviceId: 4, page: 1, pageSize: 20 }),
      deviceDetailKeys.device(3),
      queryKeys.home.one('statistic'),
    ];
    for (const key of keys) queryClient.setQueryData(key, []);
    await invalidateAlarmChange(queryClient, [3]);
    expect(keys.map((key) => invalidated(queryClient, key))).toEqual([true, true, false, false, true]);
  });

  it("acknowledging on the device's page marks the Alarm Center's lists stale", async () => {
    server.use(mock.put('/api/alarmLog/11/ack', () => ok({ id: 11 })));
    const queryClient = createQueryClient();
    queryClient.setQueryData(queryKeys.alarm.list({ stage: ['new'], page: 1 }), []);
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
    const { result } = renderHook(() => useAckAlarm(), { wrapper });
    await act(() => result.current.mutateAsync({ id: 11, deviceId: 3 }));
    expect(invalidated(queryClient, queryKeys.alarm.list({ stage: ['new'], page: 1 }))).toBe(true);
  });
});
