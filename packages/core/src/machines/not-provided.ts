/** Placeholder of every port-backed implementation of a machine until its `provideX(ports)`. */
export const notProvided = (): never => {
  throw new Error("ports not provided: use the machine's provideX(ports) helper");
};
