/** Hands text made in the browser (a CSV) to the browser as a download named `name`. */
export function saveFile(text: string, name: string, type = "text/csv;charset=utf-8") {
  const url = URL.createObjectURL(new Blob([text], { type }));
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
