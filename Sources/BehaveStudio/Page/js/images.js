// The scene's image files the studio serves, by the names scripts use:
// its images folder (`images:` in the scene, `toggle-on` for
// toggle-on.png) and its photo library (`mountains.png`). A name with
// neither is drawn as a placeholder.
export class ImageFiles {
  constructor(images = [], photos = []) {
    this.images = new Set(images);
    this.photos = new Set(photos);
  }

  // Where the page gets the image named `name`; null when it has no file.
  url(name) {
    if (this.images.has(name)) return "/images/" + encodeURIComponent(name);
    if (this.photos.has(name)) return "/photos/" + encodeURIComponent(name);
    return null;
  }

  // A photo of the library, by its name there (the picker's thumbnails).
  photoURL(name) {
    return this.photos.has(name) ? "/photos/" + encodeURIComponent(name) : null;
  }

  // Every name with a file, for the inspector's image editors.
  get names() {
    return [...this.images, ...this.photos];
  }
}
