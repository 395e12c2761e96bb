// The contact form's image (docs/decisions/0028): GIF, JPG or PNG by its first bytes — the
// type the browser declares and the file's name are only claims, and they must agree with the
// bytes (a PNG named .gif is refused, not quietly taken for something else).
import { IMAGE_FIELD, IMAGE_TYPES, type ImageType, imageProblem, megabytes } from "../../lib/cms-forms.ts";
import { AppError } from "../errors.ts";

const SIGNATURES: [ImageType, number[]][] = [
  ["image/png", [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]],
  ["image/jpeg", [0xff, 0xd8, 0xff]],
  ["image/gif", [0x47, 0x49, 0x46, 0x38, 0x37, 0x61]], // GIF87a
  ["image/gif", [0x47, 0x49, 0x46, 0x38, 0x39, 0x61]], // GIF89a
];

/** The image type the bytes begin with, or null for anything else. */
export function sniffImageType(bytes: Uint8Array): ImageType | null {
  for (const [type, signature] of SIGNATURES) {
    if (bytes.length >= signature.length && signature.every((byte, i) => bytes[i] === byte)) return type;
  }
  return null;
}

export interface CheckedImage {
  bytes: Uint8Array;
  type: ImageType;
  /** The sent name without any path, for the mail; a name of the right ending when none came. */
  filename: string;
}

/** A sent file field: nothing (no file chosen: browsers send an empty part), or the checked image. */
export async function checkImage(value: FormDataEntryValue | null, maxMb: number): Promise<CheckedImage | null> {
  if (value === null || typeof value === "string") return null;
  if (value.size === 0 && value.name === "") return null;
  // The size first, before a byte is read (and with the same message the browser shows).
  if (value.size > megabytes(maxMb)) throw new AppError(413, "file_too_large", { params: { fileSize: maxMb }, field: IMAGE_FIELD });
  if (imageProblem(value, maxMb)) throw new AppError(400, "file_type", { field: IMAGE_FIELD });
  const bytes = new Uint8Array(await value.arrayBuffer());
  const type = sniffImageType(bytes);
  if (!type) throw new AppError(400, "file_type", { field: IMAGE_FIELD });
  const ending = /\.[^.]+$/.exec(value.name.toLowerCase())?.[0];
  const endings = IMAGE_TYPES[type] as readonly string[];
  const declared = value.type === "" || value.type === "application/octet-stream" ? type : value.type;
  if ((ending !== undefined && !endings.includes(ending)) || declared !== type)
    throw new AppError(400, "file_type", { field: IMAGE_FIELD });
  const base =
    value.name
      .split(/[\\/]/)
      .pop()
      ?.replace(/[\p{Cc}"]/gu, "")
      .slice(-100) ?? "";
  return { bytes, type, filename: base && ending ? base : `image${endings[0]}` };
}
