/* owntool.c: the thin launcher of libowntool_driver.so (found beside it through
 * RUNPATH $ORIGIN), like rustc's 'rustc' binary in front of librustc_driver-*.so. */
int owntool_main(int argc, char **argv);

int main(int argc, char **argv)
{
	int rc = owntool_main(argc, argv);
	return rc == 0 ? 0 : 2; /* not a tail call: main stays on the stack */
}
