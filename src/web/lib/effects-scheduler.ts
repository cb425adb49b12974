import { options } from "preact";

// NOTE: Preact runs useEffect callbacks after the next animation frame, or a 100 ms timer when frames are
// throttled. We run them in a message-channel task instead, as React does: right after the browser has had a
// chance to paint, in hidden tabs too, and independent of timers (so a stopped test clock does not stop the app).
const channel = new MessageChannel();
const queue: Array<() => void> = [];
channel.port1.onmessage = () => queue.splice(0).forEach((cb) => cb());

options.requestAnimationFrame = (callback: () => void) => {
  queue.push(callback);
  if (queue.length === 1) channel.port2.postMessage(null);
};
