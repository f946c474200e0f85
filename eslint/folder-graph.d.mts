// Types of folder-graph.mjs, for the TypeScript that reads it (test/architecture).
export interface FolderEdge {
  readonly from: string;
  readonly to: string;
  /** One import that makes the edge, "file → file", for the failure message. */
  readonly example: string;
}
export declare const SOURCE_TOPS: readonly string[];
export declare function folderOf(root: string, file: string): string | undefined;
export declare function importsOf(text: string): string[];
export declare function folderEdges(root: string, tops?: readonly string[]): FolderEdge[];
export declare function loopEdges(edges: readonly FolderEdge[]): FolderEdge[];
