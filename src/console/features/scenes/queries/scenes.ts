/**
 * The scene and snapshot operations the console offers (docs/scenes.md), as TanStack
 * queries and mutations. An import or a restore replaces what every page shows, so its
 * success invalidates every query, as a reset does.
 */
import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ImportSceneOptions, SceneProgress } from '../../../../client/create-client';
import { useConnection } from '../../../lib/connection';
import { saveBlob } from '../../../lib/save-blob';

const snapshotKeys = { list: (key: string) => ['snapshots', key] as const };

export function useSnapshots(enabled: boolean) {
  const { client, key } = useConnection();
  return useQuery({ queryKey: snapshotKeys.list(key), queryFn: ({ signal }) => client.snapshots.list({ signal }), enabled });
}

/** Refetches everything once the database was replaced (or a snapshot list changed). */
function useRefetchAll() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries();
}

/** Downloads the whole database as the file the server names (`tabula-<db>-<date>.zip`). */
export function useExportScene() {
  const { client } = useConnection();
  return useMutation({
    mutationFn: async () => {
      const file = await client.database.exportScene();
      saveBlob(file, file.name);
      return file;
    },
  });
}

export interface ImportInput {
  file: File;
  mode: NonNullable<ImportSceneOptions['mode']>;
}

/** Imports a scene; `progress` is the server's last reported phase while it runs (undefined before the first). */
export function useImportScene() {
  const { client } = useConnection();
  const refetchAll = useRefetchAll();
  const [progress, setProgress] = useState<SceneProgress>();
  const mutation = useMutation({
    mutationFn: ({ file, mode }: ImportInput) => client.database.importScene(file, { mode, onProgress: setProgress }),
    onMutate: () => setProgress(undefined),
    onSuccess: refetchAll,
  });
  return { ...mutation, progress };
}

export function useSaveSnapshot() {
  const { client } = useConnection();
  const refetchAll = useRefetchAll();
  return useMutation({ mutationFn: (name: string) => client.snapshots.save(name), onSuccess: refetchAll });
}

export function useRestoreSnapshot() {
  const { client } = useConnection();
  const refetchAll = useRefetchAll();
  return useMutation({ mutationFn: (name: string) => client.snapshots.restore(name), onSuccess: refetchAll });
}

export function useDeleteSnapshot() {
  const { client } = useConnection();
  const refetchAll = useRefetchAll();
  return useMutation({ mutationFn: (name: string) => client.snapshots.remove(name), onSuccess: refetchAll });
}

export function useDownloadSnapshot() {
  const { client } = useConnection();
  return useMutation({
    mutationFn: async (name: string) => {
      const file = await client.snapshots.download(name);
      saveBlob(file, file.name);
      return file;
    },
  });
}
