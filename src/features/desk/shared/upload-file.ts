/**
 * Sends a file to an upload link with PUT, reporting progress as it goes. XMLHttpRequest rather
 * than fetch: fetch tells nothing of an upload's progress, and a 50 MB report from a phone takes
 * long enough that the owner must see it move.
 */
export function uploadFile(
  url: string,
  file: Blob,
  contentType: string,
  onProgress: (sent: number, total: number) => void,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open("PUT", url);
    request.setRequestHeader("Content-Type", contentType);
    request.upload.onprogress = (event) => onProgress(event.loaded, event.lengthComputable ? event.total : file.size);
    request.onload = () =>
      request.status >= 200 && request.status < 300
        ? resolve()
        : reject(new Error(`${request.status}: ${request.responseText || request.statusText}`));
    request.onerror = () =>
      reject(new Error("0: the upload did not reach the store. Check the connection and try again."));
    request.send(file);
  });
}
