package dev.switchboard.it;

/**
 * The official A2A Java SDK 0.3 client's gRPC transport ({@code a2a-java-sdk-client-transport-grpc}
 * 0.3.3.Final) against the WAR on Tomcat: the scenarios of {@link JavaSdk03InteropIT}, with the
 * client dialling the card's 0.3 GRPC interface ({@code host:port}) in plaintext (h2c) on a channel
 * of grpc-java's own, which the test closes. The 0.3 transport names the A2A error of a failed call
 * by the prefix of its status description ("TaskNotFoundError: ..."), which the 0.3 service sends.
 */
@JavaSdk03InteropIT.Transports("GRPC")
class JavaSdk03GrpcInteropIT extends JavaSdk03InteropIT {
}
