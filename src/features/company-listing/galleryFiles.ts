import { filesApi } from '../../api/files';
import { ApiError } from '../../api/http';
import { db } from '../../db/database';

/** The images a listing names (card, banner, gallery). */
interface ListingImages {
  cardImageUri: string | null;
  bannerImageUri: string | null;
  galleryImageIds: readonly string[];
}

const names = (images: ListingImages | null | undefined, id: string) =>
  !!images && (images.cardImageUri === id || images.bannerImageUri === id || images.galleryImageIds.includes(id));

/**
 * Removing a gallery image (spec 2 §8): 'removed', or 'gone' when the server says the file was
 * removed already (404). Only a file this edit added is deleted on the server. One the saved
 * listing still names stays there until a save without it lands: deleting it now would leave the
 * listing (on the public site too, after a Cancel or while an offline save waits) naming a file
 * that no longer exists, and it needs no connection. One the form still names elsewhere (the card
 * image) stays too; one only on this device just goes from the form (its queued upload still runs).
 */
export async function removeGalleryFile(id: string, saved: ListingImages | null | undefined, form: ListingImages): Promise<'removed' | 'gone'> {
  const elsewhere: ListingImages = { ...form, galleryImageIds: form.galleryImageIds.filter((g) => g !== id) };
  if (names(saved, id) || names(elsewhere, id)) return 'removed';
  if (await db.localFiles.get(id)) return 'removed';
  try {
    await filesApi.remove(id);
    return 'removed';
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return 'gone';
    throw error;
  }
}
