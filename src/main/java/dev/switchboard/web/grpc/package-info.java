/**
 * The gRPC binding (both lines): the A2A 1.0 service {@code lf.a2a.v1.A2AService} and the 0.3
 * service {@code a2a.v1.A2AService}, generated from the protos in {@code src/main/proto} and served
 * by grpc-servlet on the container's HTTP/2. Messages cross into the one internal model at this
 * edge: the 1.0 task messages mapped field by field ({@code V1Requests}, {@code V1Results}, with
 * the JSON codecs' checks), the rest through their proto3 JSON mapping, which the wire formats of
 * {@code web.binding} already read and write; so gRPC is one more edge and never another path to
 * the tasks. It may use {@code web.binding}, {@code task}, {@code card}, {@code protocol},
 * {@code skill}, {@code security} and {@code runtime}; nothing uses it but the composition root.
 */
package dev.switchboard.web.grpc;
