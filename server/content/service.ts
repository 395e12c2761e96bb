// The content service (decision 0026): the delivery API's answers, pages and placements as the
// shop's typed blocks (blocks.ts), import and export. Pages and placements are kept in process
// and dropped when the "content" data version moves (an import here or in any other process).
import type { CatalogService } from "../catalog/service.ts";
import type { Store } from "../catalog/reference.ts";
import type { DataVersions } from "../data-versions.ts";
import type { Db } from "../db/client.ts";
import { createBlockReader, type PageOptions } from "./blocks.ts";
import { createContentDelivery } from "./delivery.ts";
import { createContentRepository } from "./repository.ts";
import { exportContent, importContent } from "./transfer.ts";
import { createFileStore } from "./files.ts";

export interface ContentServiceOptions {
  db: Db;
  versions: DataVersions;
  catalog: Pick<CatalogService, "productSummaries">;
  dataDir: string;
  /** CONTENT_PREVIEW_SECRET: unset, preview is refused. */
  previewSecret?: string;
  /** The space's name in /space. */
  spaceName?: string;
}

export function createContentService({ db, versions, catalog, dataDir, previewSecret, spaceName = "Kauppa" }: ContentServiceOptions) {
  const repository = createContentRepository(db);
  const delivery = createContentDelivery({ repository, previewSecret });
  const blocks = createBlockReader({ db, repository, catalog });
  const stopListening = versions.onChange((name) => {
    if (name === "content") blocks.clear();
  });

  return {
    delivery,
    spaceName,
    repository,
    /** A page by slug ("index": the front page; content pages by theirs, e.g. "privacy"); null if none. */
    page: (store: Store, slug: string, options: PageOptions = {}) => blocks.page(store, slug, options),
    /** The maintenance page's content; null if none. */
    maintenancePage: (store: Store, options: PageOptions = {}) => blocks.maintenancePage(store, options),
    /** What every page of the default layout shows around its content (banners, menu links, pop-up). */
    placements: (store: Store) => blocks.placements(store),
    /** Imports a content folder (transfer.ts); this process's caches are dropped after the commit. */
    async importContent(dir: string, options: { dryRun?: boolean } = {}) {
      const counts = await importContent(dir, { db, dataDir, dryRun: options.dryRun });
      // After the commit: the version moved, and its listeners (these blocks, the page cache) hear it now.
      if (!options.dryRun) await versions.refresh();
      return counts;
    },
    exportContent: (dir: string) => exportContent(dir, { db, dataDir }),
    isEmpty: () => repository.isEmpty(),
    /** The local path of an asset's file (/img/c/<key>), copied from the database on first use; null if none. */
    assetFile: createFileStore(db, dataDir),
    stop: stopListening,
  };
}

export type ContentService = ReturnType<typeof createContentService>;
