/**
 * The server's databases and REST instances as TanStack queries and mutations, shared by the
 * Databases page and the connection bar's database and instance selects. They are the server's,
 * not one instance's or database's: their keys start with the server key (target and user)
 * rather than the connection key, they are asked of the server as given (`serverClient`: the
 * plain paths, or the base URL), not of the instance in use, and their requests never carry
 * `database=` (the Management API and `/v1/rest-apis` refuse it).
 */
import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SceneProgress } from '../../../../client/create-client';
import { useConnection } from '../../../lib/connection';

export const databaseKeys = {
  all: (server: string) => ['databases', server] as const,
  list: (server: string) => [...databaseKeys.all(server), 'list'] as const,
  counts: (server: string, name: string) => [...databaseKeys.all(server), 'counts', name] as const,
  instances: (server: string) => [...databaseKeys.all(server), 'instances'] as const,
};

/** Every database's name (`GET /manage/v2/databases`). */
export function useDatabaseList(enabled = true) {
  const { serverClient, server } = useConnection();
  return useQuery({ queryKey: databaseKeys.list(server), queryFn: ({ signal }) => serverClient.databases.list({ signal }), enabled });
}

/** What one database holds (`?view=counts`): asked per row, so each row shows its own loading and error. */
export function useDatabaseCounts(name: string) {
  const { serverClient, server } = useConnection();
  return useQuery({ queryKey: databaseKeys.counts(server, name), queryFn: ({ signal }) => serverClient.databases.counts(name, { signal }) });
}

/** The REST instances (`GET /v1/rest-apis`). */
export function useInstances(enabled = true) {
  const { serverClient, server } = useConnection();
  return useQuery({ queryKey: databaseKeys.instances(server), queryFn: ({ signal }) => serverClient.instances.list({ signal }), enabled });
}

/** What a new database starts with: nothing, a bundled sample, or a scene file. */
export type InitialContent = { kind: 'empty' } | { kind: 'sample'; sample: string } | { kind: 'scene'; file: File };

export interface CreateInput {
  name: string;
  content: InitialContent;
}

/** Where a creation is: making the database, then filling it. */
export type CreateStep = 'creating' | 'loading-sample' | 'importing-scene';

/**
 * Creates a database and fills it: the sample loaded, or the scene imported, into it by name
 * (`database=`) whatever database the console uses. All or nothing, as a scene import is
 * (docs/scenes.md): should filling it fail, the new database is deleted again, and the error is
 * the server's. `step` says where it is (and where it failed), `progress` the import's phase.
 */
export function useCreateDatabase() {
  const { serverClient, server } = useConnection();
  const queryClient = useQueryClient();
  const [step, setStep] = useState<CreateStep>('creating');
  const [progress, setProgress] = useState<SceneProgress>();
  const mutation = useMutation({
    mutationFn: async ({ name, content }: CreateInput) => {
      setStep('creating');
      setProgress(undefined);
      await serverClient.databases.create(name);
      if (content.kind === 'empty') return;
      const target = serverClient.withDatabase(name);
      try {
        if (content.kind === 'sample') {
          setStep('loading-sample');
          await target.samples.load(content.sample);
        } else {
          setStep('importing-scene');
          await target.database.importScene(content.file, { mode: 'replace', onProgress: setProgress });
        }
      } catch (error) {
        await serverClient.databases.remove(name).catch(() => undefined);
        throw error;
      }
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: databaseKeys.all(server) }),
  });
  return { ...mutation, step, progress };
}

/**
 * Deletes a database with everything it holds. Deleting the one the console uses sends the
 * console back to the default database, saying so.
 */
export function useDeleteDatabase() {
  const { serverClient, server, settings, fallBack } = useConnection();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => serverClient.databases.remove(name),
    onSuccess: (_, name) => {
      queryClient.removeQueries({ queryKey: databaseKeys.counts(server, name) });
      if (settings.database === name) fallBack(name);
      return queryClient.invalidateQueries({ queryKey: databaseKeys.all(server) });
    },
  });
}
