/** Hands text made in the browser to the user as a CSV file, as a download link would. */
export function saveCsv(text: string, name: string) {
  const url = URL.createObjectURL(new Blob([text], { type: "text/csv;charset=utf-8" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  // Firefox only follows a link that is in the document.
  document.body.append(link);
  link.click();
  link.remove();
  // After the click has handed the file to the browser; revoking at once can cancel it in some.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
