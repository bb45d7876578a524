/* shoal public API: bootstrap choice at init (unique id, MPI communicator).
 * Included by <shoal/shoal.h>. */
#ifndef SHOAL_BOOTSTRAP_H
#define SHOAL_BOOTSTRAP_H

#ifdef __cplusplus
extern "C" {
#endif

/* An opaque unique id for the TCP ("uid") bootstrap: rank 0 creates it with
 * shoal_get_uniqueid(), the application hands the bytes to every other rank
 * (e.g. via torch.distributed or a file), and all ranks call
 * shoal_init_attr(SHOAL_INIT_WITH_UNIQUEID, ...). It holds the root's address,
 * port and a 128-bit secret that authenticates every connection: treat it as
 * a credential. */
#define SHOAL_UNIQUEID_BYTES 128
typedef struct {
  unsigned char internal[SHOAL_UNIQUEID_BYTES];
} shoal_uniqueid_t;
#define SHOAL_UNIQUEID_INITIALIZER {{0}}

/* Flags for shoal_init_attr. */
enum {
  SHOAL_INIT_WITH_MPI_COMM = 1 << 1, /* attr->mpi_comm points at an MPI_Comm */
  SHOAL_INIT_WITH_UNIQUEID = 1 << 3, /* attr->uid_args set by shoal_set_attr_uniqueid_args */
};

typedef struct {
  int version;          /* SHOAL_INIT_ATTR_VERSION */
  const void* mpi_comm; /* MPI_Comm* for SHOAL_INIT_WITH_MPI_COMM */
  struct {
    int rank;
    int nranks;
    const shoal_uniqueid_t* id;
  } uid_args;
} shoal_init_attr_t;
#define SHOAL_INIT_ATTR_VERSION 1
#define SHOAL_INIT_ATTR_INITIALIZER {SHOAL_INIT_ATTR_VERSION, 0, {-1, 0, 0}}

#ifdef __cplusplus
}
#endif

#endif /* SHOAL_BOOTSTRAP_H */
