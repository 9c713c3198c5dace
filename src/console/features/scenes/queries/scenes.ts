/**
 * The scene and snapshot operations the console offers (docs/scenes.md), as TanStack
 * queries and mutations. An import or a restore replaces what every page shows, so its
 * success invalidates every query, as a reset does.
 */
import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ImportSceneOptions, SceneProgress, TabulaClient } from '../../../../client/create-client';
import { useConnection } from '../../../lib/connection';
import { saveBlob } from '../../../lib/save-blob';

const snapshotKeys = { list: (key: string) => ['snapshots', key] as const };

export function useSnapshots(enabled: boolean) {
  const { client, key } = useConnection();
  return useQuery({ queryKey: snapshotKeys.list(key), queryFn: ({ signal }) => client.snapshots.list({ signal }), enabled });
}

/**
 * A mutation that changes what the database (or its snapshot list) holds: every query is
 * refetched after it succeeds, since a restore or an import replaces what every page shows.
 */
function useDatabaseChange<T, R>(change: (client: TabulaClient, input: T) => Promise<R>) {
  const { client } = useConnection();
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: (input: T) => change(client, input), onSuccess: () => queryClient.invalidateQueries() });
}

/** A mutation that fetches a zip and hands it to the browser as a download under the name the server gave it. */
function useDownload<T>(fetchFile: (client: TabulaClient, input: T) => Promise<File>) {
  const { client } = useConnection();
  return useMutation({
    mutationFn: async (input: T) => {
      const file = await fetchFile(client, input);
      saveBlob(file, file.name);
      return file;
    },
  });
}

/** Downloads the whole database as the file the server names (`tabula-<db>-<date>.zip`). */
export const useExportScene = () => useDownload<void>((client) => client.database.exportScene());

export interface ImportInput {
  file: File;
  mode: NonNullable<ImportSceneOptions['mode']>;
}

/** Imports a scene; `progress` is the server's last reported phase while it runs (undefined before the first). */
export function useImportScene() {
  const [progress, setProgress] = useState<SceneProgress>();
  const mutation = useDatabaseChange((client, { file, mode }: ImportInput) => {
    setProgress(undefined);
    return client.database.importScene(file, { mode, onProgress: setProgress });
  });
  return { ...mutation, progress };
}

export const useSaveSnapshot = () => useDatabaseChange((client, name: string) => client.snapshots.save(name));
export const useRestoreSnapshot = () => useDatabaseChange((client, name: string) => client.snapshots.restore(name));
export const useDeleteSnapshot = () => useDatabaseChange((client, name: string) => client.snapshots.remove(name));
export const useDownloadSnapshot = () => useDownload((client, name: string) => client.snapshots.download(name));
